import { useEffect, useState } from "react";
import { useFetcher } from "react-router";

/** How often an admin page asks, with JavaScript, where a background work stands while it runs. */
const LIVE_POLL_MS = 2000;

/**
 * Rows that follow a background work by themselves (issue 35's streams, issue 37's newsletter sends):
 * while one of them is `stillWorking`, the page's small resource route `url` (answering `{ rows }`) is
 * asked again every LIVE_POLL_MS, and no more once every row is done. Without JavaScript the page
 * offers a link that reloads it.
 */
export function useLiveRows<Row>(loaded: Row[], url: string, stillWorking: (row: Row) => boolean): Row[] {
  const fetcher = useFetcher<{ rows: Row[] }>();
  // The page's own data is newer after a navigation or a post (a retry): the polled rows hold until then.
  const [latest, setLatest] = useState<{ from: Row[]; rows: Row[] } | null>(null);
  useEffect(() => {
    if (fetcher.data) setLatest({ from: loaded, rows: fetcher.data.rows });
  }, [fetcher.data, loaded]);
  const rows = latest && latest.from === loaded ? latest.rows : loaded;
  const working = rows.some(stillWorking);
  const { load } = fetcher;
  useEffect(() => {
    if (!working) return;
    const timer = window.setInterval(() => void load(url), LIVE_POLL_MS);
    return () => window.clearInterval(timer);
  }, [working, load, url]);
  return rows;
}

import { formatDateTime } from "~/lib/format";
import type { SendRow } from "~/lib/newsletter";
import { listSends } from "~/server/domain/newsletter-send.server";

/**
 * The newsletter's sends as the admin shows them (issue 37), of one news item when `newsId` is given:
 * what its pages render first and what their progress route answers while a send runs.
 */
export async function sendRows(newsId?: number): Promise<SendRow[]> {
  return (await listSends(newsId)).map(({ finishedAt: _finished, ...send }) => ({ ...send, createdAt: formatDateTime(send.createdAt) }));
}

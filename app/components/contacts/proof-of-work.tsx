import { useEffect, useState } from "react";
import type {} from "altcha/types/react";

/** No link to the widget's makers (it would leave the site), no logo, and no wait beyond the work itself. */
const PROOF_OF_WORK_CONFIGURATION = JSON.stringify({ hideFooter: true, hideLogo: true, minDuration: 0 });

/**
 * The checkbox that solves a proof-of-work challenge bound to the captcha: the picture's accessible
 * alternative (docs/decisions/014-captcha.md), once useProofOfWorkWidget has loaded it.
 */
export function ProofOfWorkWidget({ challenge, lang, describedBy }: { challenge: string; lang: "it" | "en"; describedBy?: string }) {
  return (
    <altcha-widget
      challenge={challenge}
      name="altcha"
      auto="off"
      type="checkbox"
      language={lang}
      configuration={PROOF_OF_WORK_CONFIGURATION}
      aria-describedby={describedBy}
    />
  );
}

/**
 * Loads the proof-of-work widget (a web component, about 35 KB compressed) once the page is
 * hydrated, so it costs nothing to the other pages or to the first paint of this one.
 */
export function useProofOfWorkWidget(hydrated: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!hydrated) return;
    let live = true;
    void import("altcha")
      .then(() => import("altcha/i18n/it"))
      .then(
        () => {
          if (live) setReady(true);
        },
        // Not loaded (offline, blocked): the picture is still there.
        () => {},
      );
    return () => {
      live = false;
    };
  }, [hydrated]);
  return ready;
}

import { useEffect, useState } from "react";
import { gpcSignal } from "../../lib/consent";

/**
 * Under the privacy policy's #do-not-sell: whether this browser's Global Privacy Control signal was received and
 * honoured. The server knows from the Sec-GPC header (so it shows before JavaScript); the browser also checks
 * navigator.globalPrivacyControl once it runs.
 */
export function GpcNotice({ serverGpc }: { serverGpc: boolean }) {
  const [browserGpc, setBrowserGpc] = useState(false);
  useEffect(() => setBrowserGpc(gpcSignal()), []);
  const on = serverGpc || browserGpc;
  return (
    <p className={`gpc-notice ${on ? "is-on" : ""}`.trim()} role="status" data-gpc={on ? "honoured" : "absent"}>
      {on ? (
        <>
          <strong>Global Privacy Control signal honoured.</strong> Your browser sent a GPC signal, so this browser is opted out of the sale and
          sharing of your personal information: advertising and social media cookies stay off and no advertising-match hashes are sent, whatever
          else is chosen in the cookie preferences. There is nothing more to do.
        </>
      ) : (
        "Your browser is not sending a Global Privacy Control signal. Use the button above to opt out, or turn GPC on in your browser and we will honour it."
      )}
    </p>
  );
}

import { useEffect, useRef } from "react";

/** Cloudflare Turnstile's script, loaded only on checkout and only when a site key is configured. */
const SCRIPT_URL = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

interface TurnstileApi {
  render(element: HTMLElement, options: { sitekey: string; callback: (token: string) => void; "expired-callback": () => void; "error-callback": () => void }): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi> | null = null;

function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error(`Failed to load ${SCRIPT_URL}`)));
    script.onerror = () => {
      loading = null;
      reject(new Error(`Failed to load ${SCRIPT_URL}`));
    };
    document.head.append(script);
  });
  return loading;
}

interface TurnstileWidgetProps {
  siteKey: string;
  onToken: (token: string | null) => void;
  /** Changes to this number reset the widget: a token is good for one verification only. */
  resetCount: number;
}

/** The security check before Place order. Its token goes with the order; the server verifies it once. */
export function TurnstileWidget({ siteKey, onToken, resetCount }: TurnstileWidgetProps) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: TurnstileApi; id: string } | null>(null);
  const tokenCallback = useRef(onToken);
  tokenCallback.current = onToken;

  useEffect(() => {
    let cancelled = false;
    loadTurnstile()
      .then((api) => {
        if (cancelled || !box.current) return;
        const id = api.render(box.current, {
          sitekey: siteKey,
          callback: (token) => tokenCallback.current(token),
          "expired-callback": () => tokenCallback.current(null),
          "error-callback": () => tokenCallback.current(null),
        });
        widget.current = { api, id };
      })
      .catch(() => tokenCallback.current(null));
    return () => {
      cancelled = true;
      if (widget.current) widget.current.api.remove(widget.current.id);
      widget.current = null;
    };
  }, [siteKey]);

  useEffect(() => {
    if (resetCount === 0 || !widget.current) return;
    widget.current.api.reset(widget.current.id);
    tokenCallback.current(null);
  }, [resetCount]);

  return <div ref={box} className="checkout-captcha" aria-label="Security check" role="group" />;
}

import { useEffect } from "react";

/**
 * A page that sends the browser on to an identity provider (login or logout, ADR 160) at once: an instant meta
 * refresh (WCAG technique H76; no script needed), or JS, with a link as the way there if neither runs. A form's
 * POST cannot redirect off-site under the CSP's form-action 'self', so the provider is reached from here.
 */
export function GoToProvider({ link, title, heading, text, linkText }: { link: string; title: string; heading: string; text: string; linkText: string }) {
  useEffect(() => {
    window.location.assign(link);
  }, [link]);
  return (
    <div className="page">
      <title>{title}</title>
      <meta httpEquiv="refresh" content={`0;url=${link}`} />
      <h1>{heading}</h1>
      <p role="status">
        {text} <a href={link}>{linkText}</a>
      </p>
    </div>
  );
}

import { withInstitution } from "~/components/search/page-title";
import { useInstitutionName } from "~/lib/use-root-data";
/**
 * A page that sends the browser on to an identity provider (login or logout, ADR 160) at once: an instant meta
 * refresh (WCAG technique H76; no script needed, and a browser also honours it when the page is rendered after a
 * client-side navigation), with a link as the way there when the browser blocks automatic refreshes. No script
 * navigates as well: two navigations at once race, and one of them is aborted. A form's POST cannot redirect
 * off-site under the CSP's form-action 'self', so the provider is reached from here.
 */
export function GoToProvider({
  link,
  title,
  heading,
  text,
  linkText,
}: {
  link: string;
  title: string;
  heading: string;
  text: string;
  linkText: string;
}) {
  const institution = useInstitutionName();
  return (
    <div className="page">
      <title>{withInstitution(title, institution)}</title>
      <meta httpEquiv="refresh" content={`0;url=${link}`} />
      <h1>{heading}</h1>
      <p role="status">
        {text} <a href={link}>{linkText}</a>
      </p>
    </div>
  );
}

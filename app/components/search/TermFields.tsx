import type { ReactNode } from "react";
import { useTranslation } from "~/framework/use-translation";
import { TextField } from "~/components/forms/TextField";
import { SEARCH_TYPES } from "~/schemas/search";
import { SearchAutocomplete } from "./SearchAutocomplete";

/**
 * The search term (required) and where to look for it (all fields, title, subject, author): the core of the
 * catalogue's and the network's search forms.
 */
export function TermFields(props: {
  id: string;
  name: string;
  /** The hint under the label (translated). */
  description: string;
  defaultTerm?: string;
  defaultType?: string;
  /** The translated error of the term, if any. */
  error?: string;
  /** Suggestions from the catalogue's headings as the patron types (the catalogue's own search, not the network's). */
  autocomplete?: boolean;
  /**
   * The form's submit button, placed beside the search box (as VuFind, Koha and Aspen do): the suggestions open
   * under the box, so they never cover it, and the button follows the box in the reading and tab order.
   */
  submit?: ReactNode;
}) {
  const { t } = useTranslation("catalogue");
  const tipo = props.defaultType ?? "livre";
  return (
    <>
      <div className="search-form__term">
        {props.autocomplete ? (
          <SearchAutocomplete
            id={props.id}
            name={props.name}
            label={t("search.termLabel")}
            description={props.description}
            defaultValue={props.defaultTerm ?? ""}
            error={props.error}
          />
        ) : (
          <TextField
            id={props.id}
            name={props.name}
            type="search"
            label={t("search.termLabel")}
            description={props.description}
            defaultValue={props.defaultTerm ?? ""}
            error={props.error}
            autoComplete="off"
            required
          />
        )}
        {props.submit}
      </div>
      <fieldset className="search-form__types">
        <legend>{t("search.typeLegend")}</legend>
        {SEARCH_TYPES.map((value) => (
          <label key={value} className="search-form__radio">
            <input type="radio" name="tipo" value={value} defaultChecked={value === tipo} />
            <span>{t(`search.types.${value}`)}</span>
          </label>
        ))}
      </fieldset>
    </>
  );
}

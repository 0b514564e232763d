import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { baseI18nOptions, DEFAULT_LANGUAGE, isLanguage, loadResources } from "./lib/i18n";

async function hydrate() {
  // The server rendered <html lang>; load only that language's files (plus pt, the fallback).
  const htmlLang = document.documentElement.lang;
  const lng = isLanguage(htmlLang) ? htmlLang : DEFAULT_LANGUAGE;
  const resources = await loadResources(lng === DEFAULT_LANGUAGE ? [lng] : [lng, DEFAULT_LANGUAGE]);
  await i18next.use(initReactI18next).init({ ...baseI18nOptions, lng, resources });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();

// The <altcha-widget> element's JSX types (types only: nothing of it reaches the bundles).
/// <reference types="altcha/types/react" />

// The widget's translation modules register themselves on import and ship no types of their own.
declare module "altcha/i18n/pt-br";
declare module "altcha/i18n/es-es";
declare module "altcha/i18n/fr-fr";

/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Set by the host process: an in-process fetch to the API (no socket round trip). */
    kerygma?: { fetch: typeof fetch };
    api: import('@kerygma/api/client').ApiClient;
    t: import('@kerygma/i18n/t').Translate;
    locale: import('@kerygma/i18n/locales').LocaleCode;
  }
}

/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Set by the host process: an in-process fetch to the API (no socket round trip). */
    kerygma?: { fetch: typeof fetch };
    api: import('@kerygma/api/client').ApiClient;
    t: import('@kerygma/i18n/t').Translate;
    locale: import('@kerygma/i18n/locales').LocaleCode;
    /** Path of the current page without locale prefix and query: '/', '/sermons/1'. */
    path: string;
    /** Public origin for absolute URLs, e.g. 'https://kerygma.example'. */
    origin: string;
    /** A site path in the current locale: href('/sermons') is '/de/sermons' in German. */
    href: (path: string) => string;
  }
}

declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate when idle and no sermon's first audio is loading (islands/quiet-directive.ts). */
    'client:quiet'?: boolean | 'session';
    /** Hydrate in view when signed in, else when reached for (islands/personal-directive.ts). */
    'client:personal'?: boolean;
  }
}

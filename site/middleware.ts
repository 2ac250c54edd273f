import { defineMiddleware } from 'astro:middleware';
import { createApiClient } from '@kerygma/api/client';
import { DEFAULT_LOCALE } from '@kerygma/i18n/locales';
import { getTranslator } from '@kerygma/i18n/t';

/** Per request: the interface language, its translator, and the API client. */
export const onRequest = defineMiddleware(async (context, next) => {
  const locale = DEFAULT_LOCALE;
  const t = await getTranslator(locale);
  context.locals.locale = locale;
  context.locals.t = t;
  context.locals.api = createApiClient({
    origin: context.url.origin,
    apibranch: context.url.searchParams.get('apibranch'),
    language: locale,
    fetch: context.locals.kerygma?.fetch,
    withStatus: (status) => t('error.withStatus', { status }),
  });
  return next();
});

import node from '@astrojs/node';
import { defineConfig } from 'astro/config';

// The benchmark's reference page (bench/pages.ts): a separate tiny project, never part of the
// site build, built with the same adapter in the same middleware mode and mounted by the same
// mountSite as the real site.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  build: { inlineStylesheets: 'always' },
});

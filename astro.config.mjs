import node from '@astrojs/node';
import { defineConfig } from 'astro/config';

// The site renders on the server; in production the Fastify host process (packages/server)
// mounts the built handler in middleware mode next to the API.
export default defineConfig({
  srcDir: 'site',
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  server: { port: 4321 },
  build: { inlineStylesheets: 'always' },
});

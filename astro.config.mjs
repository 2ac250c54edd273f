import { readdir, readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes .br and .gz beside each built script and stylesheet under _astro/, which the host
 * process's static handler sends to browsers that accept them (preCompressed). Scripts are most
 * of a page's bytes on a slow connection: the player's module is 17 KB raw, 6 KB as brotli.
 */
function precompressAssets() {
  return {
    name: 'kerygma:precompress-assets',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const assets = new URL('_astro/', dir);
        const files = await readdir(assets).catch(() => []);
        await Promise.all(
          files
            .filter((f) => /\.(m?js|css|svg|json)$/.test(f))
            .map(async (f) => {
              const body = await readFile(new URL(f, assets));
              // Small files too: an island's chunk is often under 1 KB, and a page loads several.
              if (body.length < 256) return;
              const [br, gzipped] = await Promise.all([
                brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
                gz(body, { level: 9 }),
              ]);
              await writeFile(new URL(`${f}.br`, assets), br);
              await writeFile(new URL(`${f}.gz`, assets), gzipped);
            }),
        );
      },
    },
  };
}

/** `client:quiet` (site/islands/quiet-directive.ts): islands that wait for the first audio. */
function quietDirective() {
  return {
    name: 'kerygma:quiet-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'quiet', entrypoint: './site/islands/quiet-directive.ts' });
        // `client:personal` (site/islands/personal-directive.ts): the follow and bookmark buttons.
        addClientDirective({ name: 'personal', entrypoint: './site/islands/personal-directive.ts' });
      },
    },
  };
}

/**
 * Browser chunks. The player's engine, its stores and nanostores in one, the player's page
 * script: shared with the islands, they were split into a chain of small chunks that the browser
 * found one import at a time (two more round trips before Play worked on a slow connection). React
 * and what every island shares in another: each file costs its headers, and a sermon page has an
 * 80 KB budget (bench/README.md, 2026-12-02). What the engine imports on demand (hls.js, the
 * waveform, the next sermon, captions, the lock screen's controls, the position sync) stays apart.
 */
const ON_DEMAND = /\/islands\/player\/(hls|live|waveform|next|position-sync|captions|media-session)\.ts$/;
function playerChunk() {
  return {
    name: 'kerygma:player-chunk',
    configEnvironment(name) {
      if (name !== 'client') return;
      return {
        build: {
          rollupOptions: {
            output: {
              manualChunks(id) {
                if (ON_DEMAND.test(id)) return undefined;
                if (/\/site\/(islands\/player\/[^/]+|stores\/(now-playing|player-settings))\.ts$/.test(id))
                  return 'player';
                if (/\/node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?nanostores\//.test(id)) return 'player';
                // Its page script too, so the page's <script> is the chunk itself, not a stub importing it.
                if (/\/components\/Player\.astro\?astro&type=script/.test(id)) return 'player';
                // React, ReactDOM, Astro's React renderer and what every island uses beside them
                // (the stores' React binding, the messages): one file, not seven.
                if (
                  /\/node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?(react|react-dom|scheduler|@astrojs\/react|@nanostores\/react)\//.test(
                    id,
                  ) ||
                  /\/(site\/islands\/messages|i18n\/src\/interpolate)\.ts$/.test(id)
                ) {
                  return 'react';
                }
                if (/rolldown[/:]runtime/.test(id)) return 'player';
                return undefined;
              },
            },
          },
        },
      };
    },
  };
}

// The site renders on the server, with React islands (site/islands/) where a part needs script; in production the Fastify host process (packages/server)
// mounts the built handler in middleware mode next to the API.
export default defineConfig({
  srcDir: 'site',
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  server: { port: 4321 },
  build: { inlineStylesheets: 'always' },
  vite: { plugins: [playerChunk()] },
  integrations: [react(), quietDirective(), precompressAssets()],
});

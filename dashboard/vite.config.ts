import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves dashboard/dist at /dashboard, /dashboard-beta, /django,
// /promotions, /admin and /video-wall, each falling back to index.html for
// deep links. Assets therefore use the absolute base '/dashboard/': a relative
// base ('./') would break on deep links such as /django/sermons/123, while
// /dashboard/assets/* resolves from every prefix because /dashboard always
// serves the same files.
export default defineConfig({
  base: '/dashboard/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by bench/dashboard-js.ts to add up what the first screen loads.
    manifest: true,
  },
});

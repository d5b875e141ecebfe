import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The operator console (admin.html, served at /admin), built into the same dist/ by the player
 * build (vite.config.ts runs it after its own bundle) but as a build of its own: not one byte of
 * it, and not one change to how the player's code is split, reaches the player's pages. Its
 * files live under assets/admin/, which the service worker does not precache.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    rolldownOptions: {
      input: 'admin.html',
      output: {
        entryFileNames: 'assets/admin/[name]-[hash].js',
        chunkFileNames: 'assets/admin/[name]-[hash].js',
        assetFileNames: 'assets/admin/[name]-[hash][extname]',
      },
    },
  },
});

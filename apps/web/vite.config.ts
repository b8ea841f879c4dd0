import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev` proxies the API to a server started on port 3000 (scripts/dev.mjs).
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Library code that three or more screens share goes in one chunk. Left to itself the bundler cuts it
        // into many small chunks as screens are added, each compressed apart, and the first page's JavaScript
        // grows past the 250 kB budget (DESIGN section 6) without any new code on it.
        codeSplitting: { groups: [{ name: 'ui', test: /node_modules/, minShareCount: 3 }] },
      },
    },
  },
});

/**
 * The router asks for `use-sync-external-store/shim`, a copy of `useSyncExternalStore` for React
 * before 18. React has its own since 18: the build points the shim here (vite.config.ts), and the
 * login screen does not carry the copy (0.7 KiB compressed).
 */
export { useSyncExternalStore } from 'react';

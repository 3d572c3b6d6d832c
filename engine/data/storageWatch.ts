/**
 * A subscription to settings kept in local storage, for `useSyncExternalStore`: its views are told by the storage
 * event when another tab changes them, and by `changed()` when this tab does (the storage event tells other tabs only).
 */
export function storageWatch(): { watch: (changed: () => void) => () => void; changed: () => void } {
  const listeners = new Set<() => void>();
  return {
    watch(changed) {
      window.addEventListener('storage', changed);
      listeners.add(changed);
      return () => {
        window.removeEventListener('storage', changed);
        listeners.delete(changed);
      };
    },
    changed() {
      for (const listener of listeners) listener();
    },
  };
}

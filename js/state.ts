// The module-wide engine the public API uses, installed once by an entry's init() or initSync().

import type { Engine } from "./core.js";
import { KinplaceError } from "./errors.js";

let current: Engine | undefined;
let pending: Promise<void> | undefined;

/** The installed engine; throws KinplaceError E_NOT_INITIALIZED before init()/initSync(). */
export function engine(): Engine {
  if (current === undefined) {
    throw new KinplaceError("E_NOT_INITIALIZED", "kinplace is not initialized: call `await init()` or `initSync()` first");
  }
  return current;
}

/** True once an engine is installed. */
export function isReady(): boolean {
  return current !== undefined;
}

/** Installs `load()`'s engine unless one is installed or loading; a failed load may be retried. */
export function initOnce(load: () => Promise<Engine>): Promise<void> {
  if (current !== undefined) return Promise.resolve();
  if (pending === undefined) {
    pending = load().then(
      (e) => {
        current ??= e;
      },
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    );
  }
  return pending;
}

/** Installs `load()`'s engine synchronously unless one is installed already. */
export function initSyncOnce(load: () => Engine): void {
  if (current === undefined) current = load();
}

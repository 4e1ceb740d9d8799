/**
 * Entry of each pthread worker of Jolt's multithreaded build under Node (see jolt-builds.ts).
 * The bundle means to start itself when loaded as a worker, but its check
 * `await import('node:worker_threads').workerData` reads `workerData` of the import promise, not
 * of the module, so under Node it never starts and the main thread waits forever for its pool.
 * Here the module is imported and its factory called by hand, which is what that check would do.
 */
import Jolt from 'jolt-physics/wasm-multithread';

Jolt();

/** Console logging that names its component, e.g. `[main:ipc] rejected sb:openRecent …`. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function createLogger(component: string): Logger {
  const prefix = `[main:${component}]`;
  return {
    info: (message) => console.info(prefix, message),
    warn: (message) => console.warn(prefix, message),
    error: (message) => console.error(prefix, message),
  };
}

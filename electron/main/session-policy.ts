/**
 * Session-wide rules: no permission is ever granted (the app needs none), requests that
 * are not the app's own content are cancelled (no remote content), and dev-server pages
 * get the CSP and the cross-origin isolation headers (cross-origin-isolation.ts; app://
 * responses carry those themselves, app-protocol.ts) as headers (see
 * content-security-policy.ts for production).
 */
import type { Session } from 'electron';
import { type AppOrigin, isAppRequest } from './app-origin.ts';
import { devServerContentSecurityPolicy } from './content-security-policy.ts';
import { CROSS_ORIGIN_ISOLATION_HEADERS } from './cross-origin-isolation.ts';
import type { Logger } from './log.ts';

export function hardenSession(session: Session, origin: AppOrigin, log: Logger): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    log.warn(`denied a request for the '${permission}' permission`);
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);

  session.webRequest.onBeforeRequest((details, callback) => {
    const allowed = isAppRequest(origin, details.url);
    if (!allowed) log.warn(`blocked a request to ${details.url}`);
    callback({ cancel: !allowed });
  });

  const devServerUrl = origin.devServerUrl;
  if (devServerUrl) {
    const policy = devServerContentSecurityPolicy(devServerUrl);
    session.webRequest.onHeadersReceived((details, callback) => {
      const headers = { ...details.responseHeaders };
      if (new URL(details.url).origin === devServerUrl.origin) {
        headers['Content-Security-Policy'] = [policy];
        for (const [name, value] of Object.entries(CROSS_ORIGIN_ISOLATION_HEADERS)) headers[name] = [value];
      }
      callback({ responseHeaders: headers });
    });
  }
}

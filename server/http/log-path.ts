/**
 * A request path as logs may show it: the secret of POST /api/payment/notify/{secret} (the payee's
 * forwarder app authenticates with it) and of POST /api/results/feed/{secret}/{name} (a result
 * source's) is replaced, so no log line ever carries it.
 * @example loggedPath('/api/payment/notify/s3cret-s3cret-s3cret') // '/api/payment/notify/[secret]'
 * @example loggedPath('/api/results/feed/s3cret-s3cret-s3cret/A') // '/api/results/feed/[secret]/A'
 */
export function loggedPath(path: string): string {
  if (path.startsWith('/api/payment/notify/')) return '/api/payment/notify/[secret]';
  if (path.startsWith('/api/results/feed/'))
    return `/api/results/feed/[secret]${/^\/api\/results\/feed\/[^/]*(\/.*)?$/.exec(path)?.[1] ?? ''}`;
  return path;
}

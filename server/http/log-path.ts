/**
 * A request path as logs may show it: the secret of POST /api/payment/notify/{secret} (the payee's
 * forwarder app authenticates with it) is replaced, so no log line ever carries it.
 * @example loggedPath('/api/payment/notify/s3cret-s3cret-s3cret') // '/api/payment/notify/[secret]'
 */
export function loggedPath(path: string): string {
  return path.startsWith('/api/payment/notify/') ? '/api/payment/notify/[secret]' : path;
}

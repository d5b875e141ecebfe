// Types of the helpers the TypeScript tests share with the bench and chaos scripts.
export function freePort(): Promise<number>;
export function freshDatabase(
  baseUrl: string,
  prefix: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }>;
export function buildServer(): void;
export const CHROMIUM_ARGS: string[];

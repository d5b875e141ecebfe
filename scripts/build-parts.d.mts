export const BUILD_PARTS: Array<{ name: string; output: string; sources: string[] }>;
export function newest(path: string): number;

// Types of scripts/bench/upi-worst-texts.mjs for the TypeScript tests.
export const MAX_CHARS: number;
export function worstTexts(): [name: string, text: string][];

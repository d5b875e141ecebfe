import { useState } from 'react';
import { messageOf, send } from './api';

/**
 * An operator's write on a screen: what it did (or, when `text` is null, the server's message word
 * for word: "Waiting for a second owner") for the screen to show, and a version that moves on
 * each success so the screen's reads read again.
 */
export function useWrite() {
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const write = async (
    method: 'post' | 'put' | 'patch' | 'delete',
    path: string,
    body: unknown,
    text: string | null,
  ): Promise<boolean> => {
    setError(null);
    try {
      const answer = await send(method, path, body);
      setNote(text ?? answer.message ?? 'Done');
      setVersion((v) => v + 1);
      return true;
    } catch (err) {
      setError(messageOf(err));
      return false;
    }
  };
  return { note, error, version: String(version), write };
}

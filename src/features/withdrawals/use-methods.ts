import { useCallback, useState } from 'react';
import {
  fetchWithdrawalMethods,
  saveWithdrawalMethod,
  type WithdrawalMethod,
  type WithdrawalMethodBody,
  type WithdrawalMethodName,
} from '../../api/withdrawals';
import { showError, showSuccess } from '../../lib/toast';
import { useKeptRead } from '../../lib/use-kept-read';

export const METHOD_SAVED = 'Withdrawal method saved';

/** The player's saved payout methods by name (one per method), and saving one. */
export function useMethods() {
  const [saved, setSaved] = useState<ReadonlyMap<WithdrawalMethodName, WithdrawalMethod>>(new Map());
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState(false);

  // Held here, not kept: saving a method changes the map; the screen reads it again when it opens.
  useKeptRead({
    key: 'withdrawal-methods',
    fetch: fetchWithdrawalMethods,
    copy: 'none',
    on: {
      done: (list) => {
        setSaved(new Map(list.map((m) => [m.method, m])));
        setLoaded(true);
      },
      failed: (error) => {
        setLoaded(true);
        showError((error as Error).message);
      },
    },
  });

  const save = useCallback(async (body: WithdrawalMethodBody): Promise<boolean> => {
    setSaving(true);
    try {
      const method = await saveWithdrawalMethod(body);
      setSaved((prev) => new Map(prev).set(method.method, method));
      showSuccess(METHOD_SAVED);
      return true;
    } catch (error) {
      showError((error as Error).message);
      return false;
    } finally {
      setSaving(false);
    }
  }, []);

  return { saved, loaded, saving, save };
}

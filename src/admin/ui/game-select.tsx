import type { Game } from '../market';
import { Field } from './field';

/** The market to act on, from one family's list (the Results and Chart history screens). */
export function GameSelect(props: {
  games: Game[] | null;
  value: string;
  onChange: (gameId: string) => void;
}) {
  return (
    <Field label="Market">
      <select value={props.value} onChange={(e) => props.onChange(e.target.value)} required>
        <option value="">Choose a market</option>
        {(props.games ?? []).map((g) => (
          <option key={g._id} value={g._id}>
            {g.gameName}
          </option>
        ))}
      </select>
    </Field>
  );
}

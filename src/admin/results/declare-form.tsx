import { FamilyField } from '../ui/family-field';
import { Field } from '../ui/field';
import { GameSelect } from '../ui/game-select';
import type { Declaration } from './use-declaration';

/** The result to declare: family, market, date, session (main only) and the panna or jodi. */
export function DeclareForm({ declaration }: { declaration: Declaration }) {
  const { family, chooseFamily, form, setForm, date, runPreview, games } = declaration;
  return (
    <form
      className="row-form"
      onSubmit={(e) => {
        e.preventDefault();
        void runPreview();
      }}
    >
      <FamilyField value={family} onChange={chooseFamily} />
      <GameSelect
        games={games.data}
        value={form.gameId}
        onChange={(gameId) => setForm({ ...form, gameId })}
      />
      <Field label="Date">
        <input type="date" value={date} onChange={(e) => setForm({ ...form, date: e.target.value })} />
      </Field>
      {family === 'main' ? (
        <Field label="Session">
          <select value={form.session} onChange={(e) => setForm({ ...form, session: e.target.value })}>
            <option value="open">Open</option>
            <option value="close">Close</option>
          </select>
        </Field>
      ) : null}
      <Field label={family === 'galidisawar' ? 'Jodi' : 'Panna'}>
        <input
          value={form.value}
          inputMode="numeric"
          maxLength={family === 'galidisawar' ? 2 : 3}
          onChange={(e) => setForm({ ...form, value: e.target.value.replace(/\D/g, '') })}
          required
        />
      </Field>
      <button type="submit">Preview</button>
    </form>
  );
}

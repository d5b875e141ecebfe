import type { Family } from '../market';
import { Field } from './field';

/** The family of markets a screen works on (Markets, Results). */
export function FamilyField({ value, onChange }: { value: Family; onChange: (family: Family) => void }) {
  return (
    <Field label="Family">
      <select value={value} onChange={(e) => onChange(e.target.value as Family)}>
        <option value="main">Main</option>
        <option value="starline">Starline</option>
        <option value="galidisawar">Galidisawar</option>
      </select>
    </Field>
  );
}

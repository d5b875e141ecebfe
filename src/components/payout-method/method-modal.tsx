import { useState } from 'react';
import type { WithdrawalMethod, WithdrawalMethodBody, WithdrawalMethodName } from '../../api/withdrawals';
import { localize } from '../../i18n/core';
import { tMoney as t } from '../../i18n/en/money';
import { Modal } from '../modal';
import { checkMethodForm, fieldsOf, formFor, type MethodField, type MethodForm } from './method-form';
import { methodLabel } from './method-labels';
import './method-modal.css';

const FIELD_UI: Record<MethodField, { numeric?: boolean; upper?: boolean; max: number }> = {
  phoneNumber: { numeric: true, max: 13 },
  accountHolderName: { max: 100 },
  accountNumber: { numeric: true, max: 18 },
  confirmAccountNumber: { numeric: true, max: 18 },
  ifscCode: { upper: true, max: 11 },
  bankName: { max: 100 },
  branchName: { max: 100 },
};

/** The method details dialog: add when nothing is saved for the method, update when it is. */
export function MethodModal(props: {
  method: WithdrawalMethodName;
  saved: WithdrawalMethod | undefined;
  saving: boolean;
  onSave: (body: WithdrawalMethodBody) => void;
  onClose: () => void;
}) {
  const { method, saved, saving, onSave, onClose } = props;
  const [form, setForm] = useState<MethodForm>(() => formFor(saved));
  const [errors, setErrors] = useState<Partial<Record<MethodField, string>>>({});

  const edit = (field: MethodField, raw: string) => {
    const ui = FIELD_UI[field];
    let value = ui.numeric ? raw.replace(/\D/g, '') : raw;
    if (ui.upper) value = value.toUpperCase().replace(/[^A-Z0-9]/g, '');
    setForm((f) => ({ ...f, [field]: value.slice(0, ui.max) }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = () => {
    const check = checkMethodForm(method, form);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    onSave(check.body);
  };

  return (
    <Modal
      title={t(saved ? 'updateMethodTitle' : 'addMethodTitle', { method: methodLabel(method) })}
      onClose={onClose}
      className="method-modal"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {fieldsOf(method).map((field) => {
          const ui = FIELD_UI[field];
          const id = `method-${field}`;
          const error = errors[field];
          return (
            <div className="field" key={field}>
              <label htmlFor={id}>{t(field)}</label>
              <input
                id={id}
                value={form[field]}
                inputMode={ui.numeric ? 'numeric' : undefined}
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => edit(field, e.target.value)}
              />
              {error ? (
                <p className="field-error" id={`${id}-error`}>
                  {localize(error)}
                </p>
              ) : null}
            </div>
          );
        })}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? t('saving') : saved ? t('updateDetails') : t('addDetails')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

import { useState } from 'react';
import { changePassword, PASSWORD_CHANGE_FAILED } from '../../api/auth';
import { toApiError } from '../../api/errors';
import { Modal } from '../../components/modal';
import { localize } from '../../i18n/core';
import { tAuth } from '../../i18n/en/auth';
import { tCommon } from '../../i18n/en/common';
import { tScreens as t } from '../../i18n/en/screens';
import { validatePasswordChange } from '../../lib/auth-validation';
import { showSuccess } from '../../lib/toast';

type Field = 'current' | 'next' | 'confirm';
const EMPTY: Record<Field, string> = { current: '', next: '', confirm: '' };

/**
 * Profile's Change Password: a button, then a dialog with the current password and the new one
 * twice. The server checks the current one (a wrong one counts as a wrong login) and ends the
 * player's other sessions; this one stays signed in.
 */
export function PasswordChange() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setOpen(false);
    setValues(EMPTY);
    setErrors({});
    setFormError(null);
  };

  const submit = async () => {
    const found = validatePasswordChange(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFormError(null);
    try {
      const answer = await changePassword({
        currentPassword: values.current,
        newPassword: values.next,
        confirmPassword: values.confirm,
      });
      showSuccess(answer.message || t('passwordChanged'));
      close();
    } catch (error) {
      const e = toApiError(error, PASSWORD_CHANGE_FAILED);
      const current = e.body?.errors?.currentPassword;
      if (current) setErrors({ current });
      else setFormError(e.message);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, autoComplete: string) => {
    const id = `password-${name}`;
    const error = errors[name];
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="password"
          autoComplete={autoComplete}
          value={values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setValues((v) => ({ ...v, [name]: e.target.value }));
            setErrors((v) => ({ ...v, [name]: undefined }));
          }}
        />
        {error ? (
          <p id={`${id}-error`} className="field-error">
            {localize(error)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <>
      <button type="button" className="btn btn-ghost btn-block" onClick={() => setOpen(true)}>
        {t('changePassword')}
      </button>
      {open ? (
        <Modal title={t('changePassword')} onClose={close}>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            {field('current', t('currentPassword'), 'current-password')}
            {field('next', tAuth('newPassword'), 'new-password')}
            {field('confirm', tAuth('confirmPassword'), 'new-password')}
            {formError ? (
              <p className="form-error" role="alert">
                {localize(formError)}
              </p>
            ) : null}
            <div className="modal-actions">
              <button type="button" className="btn btn-ghost" onClick={close}>
                {tCommon('cancel')}
              </button>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {busy ? t('saving') : t('save')}
              </button>
            </div>
          </form>
        </Modal>
      ) : null}
    </>
  );
}

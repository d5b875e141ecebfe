import { tCommon as t } from '../i18n/en/common';
import { Modal } from './modal';

/** A yes/no question, e.g. 'Are you sure you want to logout?'. */
export function ConfirmDialog(props: {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal title={props.title} onClose={props.onCancel}>
      <p className="modal-text">{props.message}</p>
      <div className="modal-actions">
        <button type="button" className="btn btn-ghost" onClick={props.onCancel}>
          {t('cancel')}
        </button>
        <button type="button" className="btn btn-danger" onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

import { confirmDialog } from 'primereact/confirmdialog';

/**
 * Asks before something that cannot be undone from the same screen. Needs one `<ConfirmDialog />`
 * mounted (the back-office layout has it); the labels say what will happen, not "Sí/No".
 */
export function confirmAction({ header, message, acceptLabel, danger = true, onAccept }: {
  header: string;
  message: string;
  acceptLabel: string;
  danger?: boolean;
  onAccept: () => void;
}) {
  confirmDialog({
    header,
    message,
    icon: danger ? 'pi pi-exclamation-triangle' : 'pi pi-question-circle',
    acceptLabel,
    rejectLabel: 'Cancelar',
    acceptClassName: danger ? 'p-button-danger' : undefined,
    defaultFocus: 'reject',
    accept: onAccept,
  });
}

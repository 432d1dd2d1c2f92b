import { Button } from 'primereact/button';
import { Message } from 'primereact/message';

/** What could not be loaded, and a way to try again (the storefront's pages and lists). */
export function LoadError({ message, retry, className = 'cl-block' }: { message: string; retry: () => void; className?: string }) {
  return (
    <div className={className}>
      <Message severity="error" text={message} />
      <Button label="Reintentar" icon="pi pi-refresh" text onClick={retry} />
    </div>
  );
}

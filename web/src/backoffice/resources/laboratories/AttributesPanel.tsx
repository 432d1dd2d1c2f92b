import { useEffect, useState } from 'react';
import { Checkbox } from 'primereact/checkbox';
import { Message } from 'primereact/message';
import type { LaboratoryAttribute, SelectListType } from '@contracts';
import { asApiError } from '../../../api/client';
import { laboratoryCalls } from '../../../api/dataProvider';
import { useNotify } from '../../crud/hooks';

/**
 * Values derived from other facts of the branch: shown, never toggled here (the API refuses it).
 * docs/decisions.md, "Home collection and the FONASA bono".
 */
const DERIVED: Record<string, string> = {
  TOMA_DOMICILIO: 'Se indica en «Toma de muestra a domicilio» de los datos de la sucursal.',
  BONO_ELECTRONICO: 'Sigue al nivel FONASA de la sucursal.',
};

/** The branch's attributes from the select lists shown in forms (`isvisible`): each value a checkbox, saved at once. */
export function AttributesPanel({ laboratoryId, editable }: { laboratoryId: number; editable: boolean }) {
  const notify = useNotify();
  const [lists, setLists] = useState<SelectListType[] | null>(null);
  const [attributes, setAttributes] = useState<LaboratoryAttribute[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  useEffect(() => {
    let current = true;
    Promise.all([laboratoryCalls.attributeLists(), laboratoryCalls.attributes(laboratoryId)]).then(
      ([types, own]) => {
        if (!current) return;
        setLists(types.items.filter((t) => t.isvisible && t.children.some((c) => c.isActive)));
        setAttributes(own.items);
      },
      (caught: unknown) => current && setError(asApiError(caught).message),
    );
    return () => {
      current = false;
    };
  }, [laboratoryId]);

  if (error) return <Message severity="error" text={error} className="cl-block" />;
  if (!lists || !attributes) return <p className="cl-muted" aria-busy="true">Cargando atributos…</p>;
  if (lists.length === 0) return null;

  const toggle = async (typeId: number, childId: number, name: string) => {
    const existing = attributes.find((a) => a.selectListChild?.id === childId);
    setBusy(childId);
    try {
      if (existing) {
        await laboratoryCalls.removeAttribute(existing.id);
        setAttributes((all) => (all ?? []).filter((a) => a.id !== existing.id));
        notify({ severity: 'success', summary: `Quitamos «${name}».` });
      } else {
        const added = await laboratoryCalls.setAttribute(laboratoryId, typeId, childId);
        setAttributes((all) => [...(all ?? []), added]);
        notify({ severity: 'success', summary: `Agregamos «${name}».` });
      }
    } catch (caught) {
      notify({ severity: 'error', summary: asApiError(caught).message });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="cl-lab-attributes" aria-label="Atributos">
      <h2 className="cl-section-title">Atributos</h2>
      {lists.map((list) => (
        <fieldset key={list.id} className="cl-levels cl-lab-attributes__list">
          <legend>{list.name}</legend>
          {list.children.filter((c) => c.isActive).map((child) => {
            const id = `attribute-${child.id}`;
            const derived = DERIVED[child.code];
            return (
              <span key={child.id} className="cl-lab-attributes__item">
                <Checkbox inputId={id} checked={attributes.some((a) => a.selectListChild?.id === child.id)} onChange={() => void toggle(list.id, child.id, child.name)} disabled={!editable || busy !== null || Boolean(derived)} aria-describedby={derived ? `${id}-note` : undefined} />
                <label htmlFor={id}>{child.name}</label>
                {derived && <small id={`${id}-note`} className="cl-muted">{derived}</small>}
              </span>
            );
          })}
        </fieldset>
      ))}
    </section>
  );
}

/**
 * What a patient must do before an exam. The FONASA catalogue carries no preparation, so these are
 * the general instructions Chilean laboratories publish for each kind of sample, found by the
 * exam's name; the voucher always adds "confirm with the laboratory".
 */
const RULES: { pattern: RegExp; text: string }[] = [
  { pattern: /glucos|glicem|insulin|lip[ií]d|colesterol|triglic|perfil bioq|hemoglobina glicosilada/i, text: 'Ayuno de 8 a 12 horas (puedes tomar agua).' },
  { pattern: /orina/i, text: 'Primera orina de la mañana, previo aseo genital, en frasco estéril.' },
  { pattern: /deposici|heces|parasit|coprocult|hemorragia oculta/i, text: 'Muestra de deposición en frasco limpio; sigue las indicaciones del laboratorio.' },
  { pattern: /cortisol/i, text: 'Toma de muestra a primera hora de la mañana, en reposo.' },
  { pattern: /antígeno prost|psa/i, text: 'Sin relaciones sexuales ni ejercicio en bicicleta 48 horas antes.' },
];

export function preparationFor(examName: string): string {
  const found = RULES.filter((rule) => rule.pattern.test(examName)).map((rule) => rule.text);
  return found.length > 0 ? found.join(' ') : 'Sin preparación especial.';
}

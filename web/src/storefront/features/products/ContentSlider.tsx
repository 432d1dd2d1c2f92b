import { useId, useState } from 'react';
import type { ContentSlot } from '@contracts';
import { Link } from 'react-router-dom';
import { ResponsiveImage } from './ProductImage';

/**
 * The home page's slides (WAI-ARIA carousel pattern). It never moves by itself: a slide changes
 * only when the person asks, so nothing moves while it is read and no motion preference is needed.
 * Only the current slide is shown; the others are out of the accessibility tree.
 */
export function ContentSlider({ slides }: { slides: ContentSlot[] }) {
  const [current, setCurrent] = useState(0);
  const id = useId();
  if (slides.length === 0) return null;
  const go = (delta: number) => setCurrent((i) => (i + delta + slides.length) % slides.length);
  return (
    <section className="cl-slider" aria-roledescription="carrusel" aria-label="Destacados">
      <div className="cl-slider__viewport" id={`${id}-slides`} aria-live="polite">
        {slides.map((slide, i) => (
          <div key={slide.id} role="group" aria-roledescription="diapositiva" aria-label={`${i + 1} de ${slides.length}: ${slide.title}`} hidden={i !== current} className="cl-slider__slide">
            <SlotContent slot={slide} sizes="(max-width: 1185px) 100vw, 1185px" />
          </div>
        ))}
      </div>
      {slides.length > 1 && (
        <div className="cl-slider__controls">
          <button type="button" className="cl-slider__button" aria-controls={`${id}-slides`} aria-label="Destacado anterior" onClick={() => go(-1)}>
            <i className="pi pi-chevron-left" aria-hidden="true" />
          </button>
          <span className="cl-slider__position" aria-hidden="true">{current + 1} / {slides.length}</span>
          <button type="button" className="cl-slider__button" aria-controls={`${id}-slides`} aria-label="Destacado siguiente" onClick={() => go(1)}>
            <i className="pi pi-chevron-right" aria-hidden="true" />
          </button>
        </div>
      )}
    </section>
  );
}

/** A banner or a slide: its picture behind its text, the whole card a link when it has one. */
export function SlotContent({ slot, sizes }: { slot: ContentSlot; sizes: string }) {
  const body = (
    <>
      {slot.image && <ResponsiveImage image={slot.image} sizes={sizes} alt="" className="cl-slot__image" />}
      <span className="cl-slot__text">
        <strong className="cl-slot__title">{slot.title}</strong>
        {slot.subtitle && <span className="cl-slot__subtitle">{slot.subtitle}</span>}
        {slot.link && <span className="cl-slot__cta">Ver más <i className="pi pi-arrow-right" aria-hidden="true" /></span>}
      </span>
    </>
  );
  const className = `cl-slot${slot.image ? ' cl-slot--image' : ''}`;
  if (!slot.link) return <div className={className}>{body}</div>;
  if (/^https:\/\//.test(slot.link)) return <a href={slot.link} className={className} rel="noopener">{body}</a>;
  return <Link to={slot.link} className={className}>{body}</Link>;
}

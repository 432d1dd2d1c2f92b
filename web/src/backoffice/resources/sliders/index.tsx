import type { ResourceScreens } from '../types';
import { SlotCreate, SlotEdit } from '../banners/SlotForm';
import { SlotList } from '../banners/SlotList';
import { SlotShow } from '../banners/SlotShow';

/** /app/sliders: the home page's slides; same fields as a banner, shown one at a time in a carousel. */
export default {
  list: () => <SlotList resource="sliders" />,
  create: () => <SlotCreate resource="sliders" />,
  edit: ({ id }) => <SlotEdit resource="sliders" id={id} />,
  show: ({ id }) => <SlotShow resource="sliders" id={id} />,
} satisfies ResourceScreens;

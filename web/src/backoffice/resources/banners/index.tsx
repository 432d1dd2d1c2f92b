import type { ResourceScreens } from '../types';
import { SlotCreate, SlotEdit } from './SlotForm';
import { SlotList } from './SlotList';
import { SlotShow } from './SlotShow';

/** /app/banners: the home page's banners, below the order form. */
export default {
  list: () => <SlotList resource="banners" />,
  create: () => <SlotCreate resource="banners" />,
  edit: ({ id }) => <SlotEdit resource="banners" id={id} />,
  show: ({ id }) => <SlotShow resource="banners" id={id} />,
} satisfies ResourceScreens;

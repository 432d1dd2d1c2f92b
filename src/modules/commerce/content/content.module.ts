import { Module } from '@nestjs/common';
import { CreateContentSlotHandler } from './commands/create-content-slot/create-content-slot.handler';
import { DeleteContentSlotHandler } from './commands/delete-content-slot/delete-content-slot.handler';
import { UpdateContentSlotHandler } from './commands/update-content-slot/update-content-slot.handler';
import { BannersController, HomeMediaController, SlidersController } from './http/content.controller';
import { GetContentSlotHandler } from './queries/get-content-slot/get-content-slot.query';
import { GetHomeMediaHandler } from './queries/get-home-media/get-home-media.query';
import { SearchContentSlotsHandler } from './queries/search-content-slots/search-content-slots.query';

/** The home page's banners and sliders. */
@Module({
  controllers: [BannersController, SlidersController, HomeMediaController],
  providers: [CreateContentSlotHandler, UpdateContentSlotHandler, DeleteContentSlotHandler, SearchContentSlotsHandler, GetContentSlotHandler, GetHomeMediaHandler],
})
export class ContentModule {}

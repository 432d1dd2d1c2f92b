import { Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiOperation, ApiTags } from '../../../platform/http/openapi/decorators';
import { Public } from '../../../platform/auth/access-policy';
import { ClientIp } from '../../../platform/auth/actor';
import { ValidBody } from '../../../platform/http/validated';
import { SendContactMessageCommand } from '../commands/send-contact-message/send-contact-message.command';
import { contactBody } from './auth.schemas';

/** `POST /api/form-contact`, the spec's general contact call: the same message as `POST /api/auth/contact-up`. */
@ApiTags('contacto')
@Controller('api')
export class ContactController {
  constructor(private readonly commands: CommandBus) {}

  @Public()
  @Post('form-contact')
  @ApiOperation({ summary: 'Mensaje del formulario de contacto (el mismo de /api/auth/contact-up)' })
  send(@ValidBody(contactBody) input: z.infer<typeof contactBody>, @ClientIp() ip: string) {
    return this.commands.execute(new SendContactMessageCommand(input, ip));
  }
}

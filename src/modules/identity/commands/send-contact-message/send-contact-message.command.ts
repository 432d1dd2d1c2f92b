import { Command } from '@nestjs/cqrs';

export interface ContactMessageInput {
  name: string;
  email: string;
  phone?: string;
  subject?: string;
  message: string;
}

/** A message from the contact form: kept, confirmed to the sender and forwarded to the administrators. */
export class SendContactMessageCommand extends Command<{ id: number; message: string }> {
  constructor(
    readonly input: ContactMessageInput,
    readonly ip: string,
  ) {
    super();
  }
}

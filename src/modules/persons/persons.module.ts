import { Module } from '@nestjs/common';
import { DeletePersonVisibilityHandler, GetPersonVisibilityHandler, ListPersonVisibilitiesHandler, SavePersonVisibilityHandler } from './person-visibility';
import { CreatePersonHandler, DeletePersonHandler, UpdatePersonHandler } from './persons.commands';
import { PersonsController } from './persons.controller';
import { GetPersonHandler, SearchPersonsHandler } from './persons.queries';

/** Persons (accounts of every profile) and person visibility. */
@Module({
  controllers: [PersonsController],
  providers: [
    SearchPersonsHandler, GetPersonHandler, CreatePersonHandler, UpdatePersonHandler, DeletePersonHandler,
    ListPersonVisibilitiesHandler, GetPersonVisibilityHandler, SavePersonVisibilityHandler, DeletePersonVisibilityHandler,
  ],
})
export class PersonsModule {}

import { PersonEdit } from './PersonEdit';
import { PersonList } from './PersonList';
import { PersonShow } from './PersonShow';
import { ADMINISTRATORS, USERS } from './kinds';

export const UserListScreen = () => <PersonList kind={USERS} />;
export const UserEditScreen = ({ id }: { id: number }) => <PersonEdit kind={USERS} id={id} />;
export const UserShowScreen = ({ id }: { id: number }) => <PersonShow kind={USERS} id={id} />;

export const AdministratorListScreen = () => <PersonList kind={ADMINISTRATORS} />;
export const AdministratorEditScreen = ({ id }: { id: number }) => <PersonEdit kind={ADMINISTRATORS} id={id} />;
export const AdministratorShowScreen = ({ id }: { id: number }) => <PersonShow kind={ADMINISTRATORS} id={id} />;

import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  phone: text('phone').notNull().unique(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  email: text('email'),
  isPlatformOperator: boolean('is_platform_operator').notNull().default(false),
  createdAt: createdAt(),
});

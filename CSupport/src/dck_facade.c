/*
 * dck_facade.c — the two pointers every read of the Swift façade needs, published once: the
 * identity of its task-local and the address of its root values (see dck_runtime.h). Each is a
 * published slot (dck_published.c), set by the façade's first read and read inline by every later
 * one, with no once-check.
 */
#include "dck_runtime.h"

void *dck_facade_task_local_key_slot;
void *dck_facade_root_values_slot;

void dck_facade_publish(void *task_local_key, void *root_values) {
  /* The root first: a reader that sees the key (checked first) then finds the root set too. */
  (void)dck_published_set(&dck_facade_root_values_slot, root_values);
  (void)dck_published_set(&dck_facade_task_local_key_slot, task_local_key);
}

-- placeholder: filled by the readers work (memory reads, phase)
select 1;

-- placeholder: filled by the standards work (locations' GLN and time zone)
select 1;

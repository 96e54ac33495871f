-- Reserved for issue 33 work; replaced before landing.
select 1;
